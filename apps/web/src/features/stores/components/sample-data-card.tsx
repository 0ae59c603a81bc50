/**
 * SLOT — sample data (spec §2 store settings: dialog, 'Continua' runs seeding).
 * The catalogue issue owns this component's body: it replaces `return null` with its card and
 * dialog. The settings page already renders it for admins with the store id.
 */
export function SampleDataCard(_props: { storeId: string }) {
  return null;
}
