// The Quickmenu module.
