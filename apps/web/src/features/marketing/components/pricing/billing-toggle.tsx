import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { BillingPeriod } from '../../pricing-plans';

interface BillingToggleProps {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}

export function BillingToggle({ period, onChange }: BillingToggleProps) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <span aria-hidden className={period === 'monthly' ? 'text-sm font-medium' : 'text-sm text-muted-foreground'}>
        Mensile
      </span>
      <Switch id="billing-annual" stateLabel={false} checked={period === 'annual'} onCheckedChange={(checked) => onChange(checked ? 'annual' : 'monthly')} />
      <Label htmlFor="billing-annual" className={period === 'annual' ? 'cursor-pointer' : 'cursor-pointer text-muted-foreground'}>
        Fatturazione annuale
      </Label>
      <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Risparmia 20%</span>
    </div>
  );
}
