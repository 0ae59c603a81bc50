import { useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { hasUnsavedChanges } from '@/lib/use-unsaved-changes';
import { ConfirmDialog } from './alert-dialog';

/** Any move to another page (link, back button, navigate) while a form holds unsaved changes. */
const leavesWithChanges: BlockerFunction = ({ currentLocation, nextLocation }) =>
  hasUnsavedChanges() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);

/**
 * The dashboard's one navigation blocker (mounted once in its layout; forms report through
 * useUnsavedChanges): 'Resta' keeps the page and its edits, 'Esci senza salvare' goes on.
 */
export function UnsavedChangesDialog() {
  const blocker = useBlocker(leavesWithChanges);
  // Set when the merchant chose to leave: closing the dialog must not then cancel the navigation.
  const leaving = useRef(false);
  useEffect(() => {
    if (blocker.state === 'blocked') leaving.current = false;
  }, [blocker.state]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && !leaving.current && blocker.state === 'blocked') blocker.reset();
      }}
      title="Modifiche non salvate"
      description="Hai modifiche non salvate. Vuoi uscire senza salvarle?"
      cancelLabel="Resta"
      confirmLabel="Esci senza salvare"
      onConfirm={() => {
        leaving.current = true;
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
