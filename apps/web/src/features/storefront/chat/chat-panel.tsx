import { useEffect, useState } from 'react';
import { sessionManager } from '@/lib/session';
import { ContactForm } from './contact-form';
import { LiveChat } from './live-chat';

/** Decides, once the session is known, between live chat (signed in) and the contact form (guest). */
export function ChatPanel({ slug, storeName, onClose }: { slug: string; storeName: string; onClose: () => void }) {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    const off = sessionManager.onAuthStateChange((_e, s) => setSignedIn(!!s));
    void sessionManager.init().then(() => setSignedIn(!!sessionManager.current));
    return () => {
      off();
    };
  }, []);
  return (
    <section
      role="dialog"
      aria-label={`Chat con ${storeName}`}
      className="flex max-h-[min(34rem,calc(100vh-7rem))] w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border bg-white text-gray-900 shadow-2xl"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      {/* A div, not a header: inside the panel a <header> would be a second banner beside the store's. */}
      <div className="bg-(--sf-primary) px-4 py-3 text-(--sf-on-primary)">
        <p className="font-semibold">{storeName}</p>
        <p className="text-xs">{signedIn ? 'Chat dal vivo: ti rispondiamo qui' : 'Scrivici: ti rispondiamo via email'}</p>
      </div>
      {signedIn === null ? <p className="p-4 text-sm text-gray-600">Caricamento…</p> : signedIn ? <LiveChat slug={slug} /> : <ContactForm slug={slug} />}
    </section>
  );
}
