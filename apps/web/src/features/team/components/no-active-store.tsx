import { Link } from 'react-router';
import { Store } from 'lucide-react';
import { teamMsg } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

export function NoActiveStore() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <Store className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">{teamMsg.noActiveStore}</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Il team appartiene a uno store. Crea il tuo primo store oppure accetta un invito per lavorare in quello di qualcun altro.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/onboarding" className={buttonClasses()}>
            Crea il tuo store
          </Link>
          <Link to="/dashboard/invitations" className={buttonClasses('outline')}>
            Inviti Ricevuti
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
