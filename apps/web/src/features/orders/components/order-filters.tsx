import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { STATUS_OPTIONS } from '../order-status';
import { PAYMENT_STATUS_OPTIONS } from '../payment-status';

interface Props {
  status: string;
  paymentStatus: string;
  search: string;
  onStatus: (status: string) => void;
  onPaymentStatus: (paymentStatus: string) => void;
  onSearch: (search: string) => void;
  onClear: () => void;
}

/** Filter by status and payment status, and search by order number or customer (applied as typing pauses). */
export function OrderFilters({ status, paymentStatus, search, onStatus, onPaymentStatus, onSearch, onClear }: Props) {
  const searchId = useId();
  const statusId = useId();
  const paymentId = useId();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, search, onSearch]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Cerca
        </label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Numero ordine, nome o email del cliente"
            maxLength={100}
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-1.5 sm:w-48">
        <label htmlFor={statusId} className="text-sm font-medium">
          Stato
        </label>
        <NativeSelect id={statusId} value={status} onChange={(e) => onStatus(e.target.value)}>
          <option value="">Tutti gli stati</option>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5 sm:w-48">
        <label htmlFor={paymentId} className="text-sm font-medium">
          Pagamento
        </label>
        <NativeSelect id={paymentId} value={paymentStatus} onChange={(e) => onPaymentStatus(e.target.value)}>
          <option value="">Tutti i pagamenti</option>
          {PAYMENT_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {(status || paymentStatus || search) && (
        <Button variant="ghost" onClick={onClear}>
          Cancella filtri
        </Button>
      )}
    </div>
  );
}
