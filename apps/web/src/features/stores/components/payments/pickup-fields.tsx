import { FormField } from '@/components/ui/form-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { PaymentForm } from '../../payment-form';

/** Pickup in the shop: where and when (no shipping cost for these orders). */
export function PickupFields({ form }: { form: PaymentForm }) {
  const errors = form.formState.errors.pickup;
  return (
    <>
      <FormField
        label="Indirizzo"
        placeholder="Via Roma 1, 20121 Milano"
        maxLength={200}
        autoComplete="off"
        error={errors?.address?.message}
        {...form.register('pickup.address')}
      />
      <TextareaField
        label="Orari di apertura"
        placeholder={'Lun–Ven 9:00–13:00, 15:00–19:00\nSab 9:00–13:00'}
        rows={3}
        maxLength={300}
        error={errors?.hours?.message}
        {...form.register('pickup.hours')}
      />
    </>
  );
}
