import { useNavigate } from 'react-router';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useDuplicateProduct } from '../api/duplicate';

/** 'Duplica' on the product form: opens the copy (a draft, '<title> (copia)') on its own edit page. */
export function DuplicateProductButton({ storeId, productId }: { storeId: string; productId: string }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateProduct(storeId);
  const onClick = () =>
    duplicate.mutate(productId, {
      onSuccess: (copy) => {
        toast.success('Prodotto duplicato', { description: 'La copia è una bozza senza stock: controllala e pubblicala quando è pronta.' });
        navigate(`/dashboard/products/${copy.id}/edit`);
      },
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile duplicare il prodotto') }),
    });
  return (
    <Button type="button" variant="outline" onClick={onClick} disabled={duplicate.isPending}>
      <Copy aria-hidden /> {duplicate.isPending ? 'Duplicazione...' : 'Duplica'}
    </Button>
  );
}
