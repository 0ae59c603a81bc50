import { cn } from '@/lib/cn';

interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  description?: string;
  className?: string;
}

/** The h2 of a marketing section; its id is what the section's aria-labelledby points to. */
export function SectionHeading({ id, eyebrow, title, description, className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold text-violet-700">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {description && <p className="mt-3 text-base text-muted-foreground text-pretty">{description}</p>}
    </div>
  );
}
