/** Spec §2 store settings → 'Dati di esempio': the catalogue's card and dialog, shared from components/store. */
export { SampleDataCard } from '@/components/store/sample-data-card';
