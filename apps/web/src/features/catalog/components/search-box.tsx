import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

/** A search field that reports its text once typing pauses (300 ms), so each keystroke is not a request. */
export function SearchBox({ value, onSearch, label, placeholder }: { value: string; onSearch: (q: string) => void; label: string; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text, value, onSearch]);
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} className="pl-9" maxLength={100} />
    </div>
  );
}
