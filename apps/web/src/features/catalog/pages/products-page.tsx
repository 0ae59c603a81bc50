import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { ViewToggle } from '@/components/ui/view-toggle';
import { useViewPreference } from '@/lib/use-view-preference';
import { useStoreId } from '../api/keys';
import { ProductCsvActions } from '../components/csv/product-csv-actions';
import { ProductCardsView } from '../components/product-cards-view';
import { ProductsTableView } from '../components/products-table-view';

/**
 * /dashboard/products: the spec's cards, or a dense table with filters, sorting and bulk actions
 * ('Vista a schede' / 'Vista tabella', remembered per user; docs/decisions/0027-back-office-tables.md).
 */
export default function ProductsPage() {
  const storeId = useStoreId();
  const [view, setView] = useViewPreference('products');
  const actions = (
    <>
      <ViewToggle value={view} onChange={setView} />
      <ProductCsvActions storeId={storeId} />
      <Link to="/dashboard/products/new" className={buttonClasses()}>
        <Plus aria-hidden /> Nuovo prodotto
      </Link>
    </>
  );
  return view === 'table' ? <ProductsTableView storeId={storeId} actions={actions} /> : <ProductCardsView storeId={storeId} actions={actions} />;
}
