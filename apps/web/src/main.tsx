import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Providers (session, query cache, toasts) live in the router: see app/router.tsx. */}
    <RouterProvider router={router} />
  </StrictMode>,
);
