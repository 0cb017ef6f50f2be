// The FocusWidget module.
