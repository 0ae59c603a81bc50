import { useEffect, useState } from 'react';

/**
 * Dashboard forms holding changes not saved yet. A page may have several (store settings: the
 * store, payments, shipping, business details, legal pages) while React Router honours one
 * blocker at a time, so the forms only say "I am dirty" here and the dashboard's single
 * UnsavedChangesDialog asks before leaving.
 */
const dirtyForms = new Set<symbol>();

export const hasUnsavedChanges = () => dirtyForms.size > 0;

/** Closing or reloading the tab: the browser's own question (its text cannot be chosen). */
function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

function forget(id: symbol) {
  dirtyForms.delete(id);
  if (!dirtyForms.size) window.removeEventListener('beforeunload', askBeforeUnload);
}

/**
 * Declares a form's unsaved changes (react-hook-form's `formState.isDirty`, or the form's own
 * comparison). `markSaved()` right before navigating away after a successful save lets that
 * navigation through, before the form has re-rendered clean.
 */
export function useUnsavedChanges(dirty: boolean) {
  const [id] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    // Adding the same listener twice is a no-op.
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => forget(id);
  }, [dirty, id]);
  return { markSaved: () => forget(id) };
}
