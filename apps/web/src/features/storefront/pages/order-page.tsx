import { useParams, useSearchParams } from 'react-router';
import clsx from 'clsx';
import { paymentMsg } from '@vetrina/shared/payments';
import { ApiError } from '@/lib/api-error';
import { usePublicOrder } from '../api';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CONTAINER } from '../components/container';
import { ProductsMessage } from '../components/product-list-states';
import { StoreButton, StoreLink } from '../components/ui';
import { OrderSkeleton } from '../order/order-skeleton';
import { OrderView } from '../order/order-view';
import { awaitsCardConfirmation } from '../order/payment-details';
import { useCardConfirmation } from '../order/use-card-confirmation';
import { useStorefront } from '../store-context';

/**
 * /store/:storeSlug/ordine/:token — the shopper's own order, reached from the checkout or the
 * confirmation mail. Private: no loader, read in the browser only (the server renders the
 * skeleton, and caches pages by path).
 */
export default function OrderPage() {
  const { store, theme, home } = useStorefront();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const order = usePublicOrder(store.slug, token);
  const confirmation = useCardConfirmation(awaitsCardConfirmation(order.data, search), order.refetch);
  const status = order.error instanceof ApiError ? order.error.status : 0;

  return (
    <div className={clsx(CONTAINER, 'py-8 sm:py-12', theme.key === 'minimal' && 'sm:py-20')}>
      <title>{`Il tuo ordine · ${store.name}`}</title>
      <div className="mb-6">
        <Breadcrumbs items={[{ label: 'Home', to: home }, { label: 'Il tuo ordine' }]} />
      </div>
      {order.isPending ? (
        <OrderSkeleton />
      ) : order.isError ? (
        status === 404 || status === 400 ? (
          <ProductsMessage
            pageTitle
            title={status === 404 ? paymentMsg.orderNotFound : paymentMsg.tokenInvalid}
            action={<StoreLink to={home}>Torna al negozio</StoreLink>}
          >
            Controlla di aver aperto il link completo che trovi nell’email di conferma dell’ordine.
          </ProductsMessage>
        ) : (
          <ProductsMessage
            pageTitle
            title="Impossibile caricare l’ordine"
            action={
              <StoreButton tone="outline" onClick={order.refetch}>
                Riprova
              </StoreButton>
            }
          >
            Controlla la connessione e riprova.
          </ProductsMessage>
        )
      ) : (
        <OrderView order={order.data} confirmation={confirmation} token={token} onChanged={order.refetch} />
      )}
    </div>
  );
}
