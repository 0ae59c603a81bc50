import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Sparkles } from 'lucide-react';
import { can, catalogMsg, sampleDataResultSchema } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { api } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { plural } from '@vetrina/shared/plural';

/**
 * Store settings → 'Dati di esempio' (spec §2, §9): after 'Continua' the store's products and
 * categories are replaced with a demo catalogue. Admins only (the server checks it too).
 */
export function SampleDataCard({ storeId }: { storeId: string }) {
  const { data: me } = useMe();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const seed = useMutation({
    mutationFn: () => api(`/api/stores/${storeId}/sample-data`, { method: 'POST', schema: sampleDataResultSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['catalog', storeId] }),
  });
  const store = me?.stores.find((s) => s.id === storeId);
  if (!store || !can(store, 'store:seed')) return null;

  const run = () =>
    seed.mutate(undefined, {
      onSuccess: ({ stats }) => {
        setOpen(false);
        toast.success('Dati di esempio creati!', {
          description: `${plural(stats.categories, 'categoria', 'categorie')}, ${plural(stats.products, 'prodotto', 'prodotti')} e ${plural(stats.variants, 'variante', 'varianti')}`,
        });
      },
      onError: () => toast.error('Errore', { description: catalogMsg.sampleDataFailed }),
    });

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">Dati di esempio</CardTitle>
        <CardDescription>Riempi lo store con un catalogo dimostrativo: 5 categorie e 12 prodotti con immagini e varianti.</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(o) => !seed.isPending && setOpen(o)}>
          <DialogTrigger asChild>
            <Button variant="outline">
              <Sparkles aria-hidden /> Dati di esempio
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Creare i dati di esempio?</DialogTitle>
              <DialogDescription>
                Tutti i prodotti e le categorie di questo store verranno eliminati e sostituiti da 5 categorie e 12 prodotti di esempio. L'operazione non si può
                annullare.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)} disabled={seed.isPending}>
                Annulla
              </Button>
              <Button onClick={run} disabled={seed.isPending}>
                {seed.isPending ? 'Creazione in corso...' : 'Continua'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
