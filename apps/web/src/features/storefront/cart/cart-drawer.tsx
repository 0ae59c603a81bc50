import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import clsx from 'clsx';
import { ShoppingBag, X } from 'lucide-react';
import { useStorefront } from '../store-context';
import { cartOrderTotals } from '../checkout/checkout-totals';
import { OrderTotalsList } from '../components/order-totals';
import { FreeShippingHint } from '../components/free-shipping-hint';
import { StoreButton } from '../components/ui';
import { CartLineItem } from './cart-line-item';
import { useCart } from './use-cart';

/**
 * The cart drawer. A native <dialog> opened with showModal(): focus trap, Escape, inert page and
 * top layer come from the browser, without shipping a dialog library to shoppers.
 */
export function CartDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { store, home, theme } = useStorefront();
  const cart = useCart(store.slug);
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  // Shipping to Italy, the default destination; no payment method chosen yet, so no surcharge (the
  // checkout shows the method's and the chosen country's).
  const domestic = store.shipping[0];
  const totals = cartOrderTotals(cart.lines, { shipping: domestic });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const checkout = () => {
    onOpenChange(false);
    navigate(`${home}/checkout`);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="carrello-titolo"
      onClose={() => onOpenChange(false)}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(e) => e.target === e.currentTarget && onOpenChange(false)}
      className={clsx(
        'fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-full max-w-md bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-black/50',
        'translate-x-0 transition-transform duration-200 starting:open:translate-x-full',
        theme.key === 'audace' && 'border-l-4 border-black',
      )}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-black/10 px-5 py-4">
          <h2 id="carrello-titolo" className={clsx('text-lg font-semibold', theme.key === 'classico' && 'font-serif')}>
            Il tuo carrello
          </h2>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-black/5"
            aria-label="Chiudi il carrello"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        {cart.lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <ShoppingBag aria-hidden className="size-10 opacity-30" />
            <p className="font-medium">Il carrello è vuoto</p>
            <StoreButton
              tone="outline"
              onClick={() => {
                onOpenChange(false);
                navigate(`${home}/products`);
              }}
            >
              Scopri i prodotti
            </StoreButton>
          </div>
        ) : (
          <>
            <ul role="list" className="flex-1 divide-y divide-black/10 overflow-y-auto px-5">
              {cart.lines.map((line) => (
                <CartLineItem key={`${line.productId}:${line.variantId ?? ''}`} line={line} onQuantity={cart.setQuantity} onRemove={cart.remove} />
              ))}
            </ul>
            <div className="space-y-3 border-t border-black/10 px-5 py-4">
              <FreeShippingHint destination={domestic} goodsCents={totals.subtotalCents} />
              <OrderTotalsList totals={totals} />
              <StoreButton className="w-full" onClick={checkout}>
                Procedi al Checkout
              </StoreButton>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
