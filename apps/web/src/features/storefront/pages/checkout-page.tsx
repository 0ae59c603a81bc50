import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { notify } from '../notify';
import clsx from 'clsx';
import { Lock, ShoppingBag } from 'lucide-react';
import { checkoutMsg, needsConfirmation, ORDER_CONFIRMATION } from '@vetrina/shared/orders';
import { DOMESTIC_COUNTRY } from '@vetrina/shared/shipping';
import type { PaymentMethod } from '@vetrina/shared/payments';
import type { AppliedDiscount } from '@vetrina/shared/discounts';
import { formatCents } from '@/lib/format';
import { usePaymentMethods } from '../api';
import { useCart } from '../cart/use-cart';
import { CheckoutFormFields } from '../checkout/checkout-form-fields';
import { checkoutFormSchemaFor, formFieldOf, type CheckoutFormOutput, type CheckoutFormValues } from '../checkout/checkout-form-schema';
import { EMPTY_INVOICE_FIELDS, invoiceAllowed } from '../checkout/invoice-form';
import { cartOrderTotals } from '../checkout/checkout-totals';
import { OrderSummary } from '../checkout/order-summary';
import { DiscountCodeField } from '../checkout/discount-code-field';
import { TermsConsent } from '../checkout/terms-consent';
import { MarketingConsent } from '../checkout/marketing-consent';
import { FreeShippingHint } from '../components/free-shipping-hint';
import { chosenPayment, paymentChoices } from '../checkout/payment-choice';
import { PaymentMethodPicker } from '../checkout/payment-method-picker';
import { usePlaceOrder } from '../checkout/use-place-order';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CONTAINER } from '../components/container';
import { ProductsMessage } from '../components/product-list-states';
import { StoreButton, StoreLink } from '../components/ui';
import { useStorefront } from '../store-context';

/** Guest checkout: the spec §5 form, the store's payment methods, one order per attempt, errors as spec §8. */
export default function CheckoutPage() {
  const { store, theme, home } = useStorefront();
  const cart = useCart(store.slug);
  const navigate = useNavigate();
  const [country, setCountry] = useState(store.shipping[0]?.name ?? 'Italia');
  const destination = store.shipping.find((d) => d.name === country) ?? store.shipping[0]!;
  // The rules depend on the destination ('Provincia' for Italy): the resolver gets it as its context.
  const form = useForm<CheckoutFormValues, { country: string }, CheckoutFormOutput>({
    context: { country: destination.name },
    resolver: (values, context, options) => zodResolver(checkoutFormSchemaFor(context?.country ?? ''))(values, context, options),
    defaultValues: {
      customerName: '',
      customerEmail: '',
      customerPhone: '',
      street: '',
      city: '',
      postalCode: '',
      province: '',
      notes: '',
      invoice: EMPTY_INVOICE_FIELDS,
    },
  });
  const methods = usePaymentMethods(store.slug);
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const chooseCountry = (name: string) => {
    setCountry(name);
    if (name !== DOMESTIC_COUNTRY) form.clearErrors('province');
    // Abroad the box is gone, and so is the request (the fields keep what was typed for a way back).
    if (!invoiceAllowed(name)) {
      form.setValue('invoice.requested', false);
      form.clearErrors('invoice');
    }
  };
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [marketing, setMarketing] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  const choices = useMemo(
    () => paymentChoices(methods.data ?? [], cart.lines, formatCents, { shipping: destination, discount }),
    [methods.data, cart.lines, destination, discount],
  );
  const chosen = chosenPayment(choices, picked);
  // Until the methods arrive the summary shows the destination's shipping without a surcharge.
  const totals = chosen?.totals ?? cartOrderTotals(cart.lines, { shipping: destination, discount });
  const pickup = chosen?.option.freeShipping ?? false;

  const { placeOrder, pending, placed, refreshing } = usePlaceOrder({
    slug: store.slug,
    lines: cart.lines,
    payment: chosen?.option ?? null,
    destination,
    discount,
    reprice: cart.reprice,
    onStaleMethods: methods.refetch,
    onFieldError: (field, message) => {
      const path = formFieldOf(field);
      if (path) form.setError(path, { type: 'server', message }, { shouldFocus: true });
    },
    onPlaced: (result) => {
      cart.clear();
      // Cash on delivery and pickup wait for the shopper's click in the mail ('Da confermare'): the toast says so.
      const confirmBy = chosen && needsConfirmation(chosen.option.method) ? ` Confermalo entro ${ORDER_CONFIRMATION.holdHours} ore dal link nella email.` : '';
      notify.success('Ordine confermato!', {
        description: `Numero ordine: #${result.orderNumber}. Ti abbiamo inviato una email di conferma.${confirmBy}`,
      });
      // Card payments continue on Stripe's page; the other methods show the shopper's order page.
      if (result.paymentUrl) window.location.assign(result.paymentUrl);
      else void navigate(`${home}/ordine/${encodeURIComponent(result.orderToken)}`);
    },
  });

  const onSubmit = form.handleSubmit(async ({ invoice, province, ...rest }) => {
    // 'Provincia' is asked for Italy only (required by the form's schema for Italy; the server checks it too).
    const customer = destination.name === DOMESTIC_COUNTRY ? { ...rest, province } : rest;
    if (!cart.lines.length) return void notify.error('Errore', { description: checkoutMsg.emptyCart });
    if (!chosen) return void notify.error('Errore', { description: 'Scegli un metodo di pagamento' });
    if (!termsAccepted) {
      setTermsError(checkoutMsg.terms);
      termsRef.current?.focus();
      return;
    }
    await placeOrder(customer, invoiceAllowed(destination.name) ? invoice : null, marketing);
  });

  const busy = pending || form.formState.isSubmitting;
  const status = methods.isPending ? 'loading' : methods.isError ? 'error' : 'ready';
  return (
    <div className={clsx(CONTAINER, 'py-8 sm:py-12')}>
      <title>{`Checkout · ${store.name}`}</title>
      <Breadcrumbs items={[{ label: 'Home', to: home }, { label: 'Checkout' }]} />
      <h1 className={clsx(theme.h1, 'mb-8 mt-4')}>Checkout</h1>
      {!cart.ready ? (
        <div aria-busy="true" aria-label="Caricamento del carrello" className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14">
          <div className="h-96 animate-pulse rounded-lg bg-black/5" />
          <div className="h-64 animate-pulse rounded-lg bg-black/5" />
        </div>
      ) : cart.lines.length === 0 && !placed ? (
        <ProductsMessage
          title={checkoutMsg.emptyCart}
          action={
            <StoreLink to={`${home}/products`}>
              <ShoppingBag aria-hidden />
              Scopri i prodotti
            </StoreLink>
          }
        >
          Aggiungi qualche prodotto per completare un ordine.
        </ProductsMessage>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-14">
          <CheckoutFormFields
            form={form}
            countries={store.shipping.map((d) => d.name)}
            country={destination.name}
            onCountry={chooseCountry}
            payment={
              <PaymentMethodPicker status={status} choices={choices} chosen={chosen?.option.method ?? null} onPick={setPicked} onRetry={methods.refetch} />
            }
          />
          <OrderSummary
            lines={cart.lines}
            totals={totals}
            discount={discount}
            method={chosen?.option.method ?? null}
            extras={
              <>
                {!pickup && <FreeShippingHint destination={destination} goodsCents={totals.subtotalCents - totals.discountCents} />}
                <DiscountCodeField
                  slug={store.slug}
                  subtotalCents={totals.subtotalCents}
                  email={form.watch('customerEmail') ?? ''}
                  applied={discount}
                  onApplied={setDiscount}
                />
              </>
            }
          >
            <TermsConsent
              ref={termsRef}
              home={home}
              checked={termsAccepted}
              error={termsError}
              onChange={(v) => {
                setTermsAccepted(v);
                if (v) setTermsError(null);
              }}
            />
            <MarketingConsent store={store.name} checked={marketing} onChange={setMarketing} />
            <StoreButton type="submit" disabled={busy || !chosen} aria-busy={busy} className="min-h-12 w-full text-base">
              <Lock aria-hidden />
              {refreshing ? 'Aggiornamento dei prezzi...' : busy ? 'Invio ordine in corso...' : 'Conferma ordine'}
            </StoreButton>
            <p className="text-center text-xs opacity-70">Riceverai una email con il riepilogo dell'ordine.</p>
          </OrderSummary>
        </form>
      )}
    </div>
  );
}
