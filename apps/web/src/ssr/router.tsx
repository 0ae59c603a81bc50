/**
 * The router of the public build (storefront and marketing pages, rendered on the server and
 * hydrated with Preact). The public build resolves `react-router` to this file (see
 * vite.public.config.ts), so the components shared with the dashboard keep their imports and
 * behave the same; it implements just the part of React Router's API those components use, in
 * about 2 KB instead of React Router's 30. Why: docs/decisions/0009-public-rendering.md.
 */
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for compatibility; navigation here is always committed synchronously. */
  flushSync?: boolean;
  preventScrollReset?: boolean;
}

export interface Navigator {
  /** True when this app renders the path (otherwise the browser loads it as a new page). */
  owns(pathname: string): boolean;
  navigate(to: string, options?: NavigateOptions): Promise<void>;
}

interface RouterState {
  location: Location;
  params: Record<string, string>;
  /** The path this route's pattern matched, for useMatches (e.g. /store/bottega). */
  matchedPaths: string[];
  navigator: Navigator;
}

const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

/** Provides the location and the page element to the tree (the app shell in public/app.tsx renders it). */
export function RouterStateProvider({ state, outlet, children }: { state: RouterState; outlet: ReactNode; children: ReactNode }) {
  return (
    <RouterContext.Provider value={state}>
      <OutletContext.Provider value={outlet}>{children}</OutletContext.Provider>
    </RouterContext.Provider>
  );
}

function useRouter(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('router hook outside the public router');
  return state;
}

export const useLocation = (): Location => useRouter().location;
export const useParams = <T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T => useRouter().params as T;
export const useMatches = () => useRouter().matchedPaths.map((pathname) => ({ pathname }));
export const Outlet = () => <>{useContext(OutletContext)}</>;

export function resolveTo(to: To, from: Location): string {
  if (typeof to !== 'string') return `${to.pathname ?? from.pathname}${to.search ?? ''}${to.hash ?? ''}`;
  if (to.startsWith('?')) return `${from.pathname}${to}`;
  if (to.startsWith('#')) return `${from.pathname}${from.search}${to}`;
  return to;
}

export function useNavigate() {
  const { navigator, location } = useRouter();
  return useCallback(
    (to: To | number, options?: NavigateOptions): Promise<void> => {
      if (typeof to === 'number') {
        window.history.go(to);
        return Promise.resolve();
      }
      return navigator.navigate(resolveTo(to, location), options);
    },
    [navigator, location],
  );
}

type SetSearch = (next: URLSearchParams | Record<string, string> | ((prev: URLSearchParams) => URLSearchParams), options?: NavigateOptions) => void;

export function useSearchParams(): [URLSearchParams, SetSearch] {
  const { location, navigator } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback<SetSearch>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(location.search)) : new URLSearchParams(next as Record<string, string>);
      const qs = value.toString();
      void navigator.navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, options);
    },
    [location.pathname, location.search, navigator],
  );
  return [params, set];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
};

/** Left clicks without modifiers on links of this app navigate in place; everything else is the browser's. */
function isPlainClick(e: MouseEvent<HTMLAnchorElement>, target?: string) {
  return !e.defaultPrevented && e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, reloadDocument, preventScrollReset, onClick, target, ...rest },
  ref,
) {
  const { location, navigator } = useRouter();
  const href = resolveTo(to, location);
  return (
    <a
      ref={ref}
      href={href}
      target={target}
      {...rest}
      onClick={(e) => {
        onClick?.(e);
        if (reloadDocument || !isPlainClick(e, target) || !navigator.owns(new URL(href, window.location.href).pathname)) return;
        e.preventDefault();
        void navigator.navigate(href, { replace, state, preventScrollReset });
      }}
    />
  );
});

type NavLinkClass = string | ((state: { isActive: boolean; isPending: boolean }) => string | undefined);
export type NavLinkProps = Omit<LinkProps, 'className'> & { className?: NavLinkClass; end?: boolean };

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ className, end, ...props }, ref) {
  const { location } = useRouter();
  const target = resolveTo(props.to, location).split(/[?#]/)[0] ?? '';
  const isActive = location.pathname === target || (!end && target !== '/' && location.pathname.startsWith(`${target}/`));
  const classes = typeof className === 'function' ? className({ isActive, isPending: false }) : className;
  return <Link ref={ref} {...props} className={classes} aria-current={isActive ? 'page' : undefined} />;
});

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
    // Once, like React Router's: the component is replaced by where it leads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

const SCROLL_KEY = 'vetrina-scroll';

/** Top of the page on a new page, the old position when going back (kept per history entry). */
export function ScrollRestoration() {
  const { location } = useRouter();
  const first = useRef(true);
  useEffect(() => {
    if (typeof window === 'undefined') return;
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        const all = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
        all[location.key] = window.scrollY;
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(all));
      } catch {
        // Storage blocked: positions are simply not remembered.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let saved: number | undefined;
    try {
      saved = (JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>)[location.key];
    } catch {
      saved = undefined;
    }
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, saved ?? 0);
  }, [location.key, location.hash]);
  return null;
}

/** React Router's loader arguments, as the public pages' prefetch functions receive them. */
export type { PageLoaderArgs as LoaderFunctionArgs } from './loader-args';
import type { PageLoaderArgs } from './loader-args';
export type LoaderFunction = (args: PageLoaderArgs) => unknown;
