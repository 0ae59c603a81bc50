import { useId } from 'react';
import { Copy, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { copyText } from '@/components/ui/copy-text';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { publicStoreUrl } from '@/lib/stores';

/** The storefront address (origin + /store/{slug}) with copy and open-in-new-tab. */
export function PublicUrlField({ slug }: { slug: string }) {
  const id = useId();
  const url = publicStoreUrl(slug);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>URL pubblico</Label>
      <div className="flex gap-2">
        <Input id={id} value={url} readOnly onFocus={(e) => e.target.select()} className="font-mono text-xs sm:text-sm" data-testid="public-url" />
        <Button
          variant="outline"
          size="icon"
          aria-label="Copia link"
          onClick={async () => {
            await copyText(url, document.getElementById(id) as HTMLInputElement | null);
            toast.success('Link copiato');
          }}
        >
          <Copy aria-hidden />
        </Button>
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'icon')} aria-label="Apri lo store in una nuova scheda">
          <ExternalLink aria-hidden />
        </a>
      </div>
    </div>
  );
}
