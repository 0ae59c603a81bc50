import { useId } from 'react';
import type { CsvFormat } from '@vetrina/shared/csv';
import { Checkbox } from '@/components/ui/checkbox';

/**
 * 'Formato internazionale' for a CSV export: off, the file opens in columns in Italian Excel
 * (';', decimal comma); on, it has commas and decimal points, as Shopify and English spreadsheets read it.
 */
export function CsvFormatField({ value, onChange, disabled }: { value: CsvFormat; onChange: (format: CsvFormat) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={value === 'internazionale'}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.checked ? 'internazionale' : 'italiano')}
        />
        <label htmlFor={id} className="text-sm font-medium">
          Formato internazionale
        </label>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Separatore virgola e punto decimale, senza BOM. Lascialo spento per aprire il file in Excel in italiano.
      </p>
    </div>
  );
}

/** The export's query with its format: nothing for the default Italian dialect. */
export const withCsvFormat = (query: string, format: CsvFormat): string =>
  format === 'internazionale' ? `${query}${query ? '&' : ''}format=internazionale` : query;
