/**
 * The progress of an import: the upload's real fraction, then — once every byte has left and the
 * server is checking or writing — an indeterminate bar until it answers (docs/decisions/0022-csv.md).
 */
export function ImportProgress({ fraction, label }: { fraction: number; label: string }) {
  const uploading = fraction < 1;
  return (
    <div className="grid gap-1 text-sm">
      {uploading ? (
        <progress className="h-2 w-full accent-primary" max={1} value={fraction} aria-label={`${label}: caricamento del file`} />
      ) : (
        <progress className="h-2 w-full accent-primary" aria-label={`${label}: elaborazione`} />
      )}
      <p className="text-muted-foreground" aria-live="polite">
        {uploading ? `Caricamento del file… ${Math.round(fraction * 100)}%` : `${label} in corso…`}
      </p>
    </div>
  );
}
