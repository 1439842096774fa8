import { useEffect, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLeaveGuard } from '@/lib/navigation-guard';
import { useFormFrame } from './form-frame';

/**
 * Asks before the form around it is left with unsaved changes: for another page of the console (a link, Back, the
 * form's own Cancel) with a confirm dialog, through the router's history (lib/navigation-guard.ts); for the tab closed
 * or reloaded with the browser's own question (`beforeunload`). The page a submission leads to is not asked about.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation('ui');
  const { isDirty: dirty } = useFormState();
  const { readOnly, submitting } = useFormFrame();
  const guard = useLeaveGuard();
  const [leave, setLeave] = useState<(() => void) | null>(null);
  const dirtyNow = useRef(dirty);
  useEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);

  useEffect(
    () =>
      guard((go) => {
        if (readOnly || !dirtyNow.current || submitting.current) return false;
        setLeave(() => go);
        return true;
      }),
    [guard, readOnly, submitting],
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={leave !== null}
      danger
      title={t('form.unsaved.title')}
      text={t('form.unsaved.text')}
      confirmLabel={t('form.unsaved.leave')}
      onConfirm={() => {
        setLeave(null);
        leave?.();
      }}
      onClose={() => setLeave(null)}
    />
  );
}
