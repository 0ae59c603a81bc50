import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { teamTwoStepMsg, type StoreSummary } from '@vetrina/shared';
import { FormAlert } from '@/components/ui/form-alert';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api';
import { useSaveStoreSecurity } from '../../security-api';
import { SettingsSection } from '../settings-section';

/**
 * Impostazioni → Sicurezza. The owner turns the requirement on or off (it saves at once); admins
 * see how it stands. Turning it on needs the owner's own 'Verifica in due passaggi': the server's
 * refusal says so, with the way to the profile.
 */
export function TeamTwoStepSection({ store }: { store: StoreSummary }) {
  const save = useSaveStoreSecurity(store.id);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const checked = save.isPending && save.variables ? save.variables.twoStepRequired : store.twoStepRequired;

  const onChange = async (twoStepRequired: boolean) => {
    setError(null);
    try {
      await save.mutateAsync({ twoStepRequired });
      toast.success(twoStepRequired ? teamTwoStepMsg.turnedOn : teamTwoStepMsg.turnedOff);
    } catch (err) {
      setError(errorMessage(err, 'Riprova più tardi'));
    }
  };

  return (
    <SettingsSection
      title="Sicurezza del team"
      description="Chi non ha la verifica in due passaggi sul proprio account viene mandato ad attivarla prima di entrare nella dashboard di questo store; chi è entrato con la sola password deve confermare con un codice."
    >
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
          <div className="min-w-0 flex-1">
            <p id={labelId} className="font-medium">
              {teamTwoStepMsg.settingLabel}
            </p>
            <p id={hintId} className="text-sm text-muted-foreground">
              {store.isOwner ? 'Vale per tutti: proprietario, amministratori e staff.' : 'Solo il proprietario dello store può cambiarla.'}
            </p>
          </div>
          <Switch
            checked={checked}
            disabled={!store.isOwner || save.isPending}
            onCheckedChange={(v) => void onChange(v)}
            aria-labelledby={labelId}
            aria-describedby={hintId}
          />
        </div>
        <FormAlert message={error} />
        {error && (
          <p className="text-sm">
            <Link to="/dashboard/profile#sicurezza" className="font-medium text-primary hover:underline">
              Vai a Profilo → Sicurezza
            </Link>
          </p>
        )}
      </div>
    </SettingsSection>
  );
}
