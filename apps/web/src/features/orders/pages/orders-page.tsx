export default function OrdersPage() {
  return <h1 className="text-2xl font-bold tracking-tight">Ordini</h1>;
}
