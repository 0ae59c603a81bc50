import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

export default function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className={buttonClasses()}>Torna alla home</Link>
    </main>
  );
}
