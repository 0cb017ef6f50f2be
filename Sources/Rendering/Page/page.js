"use strict";
const token=document.querySelector('meta[name="widgethost-token"]').content;
const status=document.querySelector('.status');
function cardOf(id){for(const c of document.querySelectorAll('.card')){if(c.dataset.widgetId===id)return c}
return null}
document.addEventListener('click',async e=>{const control=e.target.closest('[data-control]');
if(!control)return;e.preventDefault();const card=control.closest('.card');if(!card)return;
const id=card.dataset.widgetId;card.classList.add('pending');
try{const r=await fetch('/widgets/'+encodeURIComponent(id)+'/controls/'+control.dataset.control,
{method:'POST',headers:card.dataset.revision?{'X-Widgethost-Token':token,
'X-Widgethost-Revision':card.dataset.revision}:{'X-Widgethost-Token':token}});const body=await r.json();
status.textContent='['+control.dataset.control+'] of '+id+': '+(body.error?body.error.message:
(body.dialog||body.url||body.intent||'done'))}catch(err){status.textContent=String(err)}
finally{card.classList.remove('pending')}});
const events=new EventSource('/events');
events.addEventListener('card',e=>{const m=JSON.parse(e.data);const t=document.createElement('template');
t.innerHTML=m.html;const old=cardOf(m.id);if(old)old.closest('figure').replaceWith(t.content);
else document.querySelector('.gallery').append(t.content)});
events.onmessage=e=>{const ev=JSON.parse(e.data);if(ev.event==='removed'){const c=cardOf(ev.id);
if(c)c.closest('figure').remove()}else if(ev.event==='order'){const g=document.querySelector('.gallery');
const hosted=new Set(ev.ids);for(const c of document.querySelectorAll('.card'))
if(!hosted.has(c.dataset.widgetId))c.closest('figure').remove();
for(const id of ev.ids){const c=cardOf(id);if(c)g.append(c.closest('figure'))}}
else if(ev.event==='diagnostics'){status.textContent=
ev.diagnostics.map(d=>d.message).join('; ')}else if(ev.event==='plugin'){const p='plugin '+ev.plugin+' ';
if(ev.state!=='running')status.textContent=p+ev.state+(ev.message?': '+ev.message:'');
else if(status.textContent.startsWith(p))status.textContent=''}};
