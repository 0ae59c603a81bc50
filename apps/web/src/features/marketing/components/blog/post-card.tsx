import { ArrowRight, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { romeLongDate } from '@vetrina/shared/shop-day';
import { cn } from '@/lib/cn';
import type { BlogPost } from '../../blog-posts';

interface PostCardProps {
  post: BlogPost;
  /** Featured cards are larger and sit above the fold, so their image is not lazy. */
  featured?: boolean;
}

export function PostCard({ post, featured = false }: PostCardProps) {
  const titleId = `post-${post.slug}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm">
      <img
        src={post.image}
        alt=""
        width={800}
        height={450}
        loading={featured ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-video w-full bg-muted object-cover"
      />
      <div className={cn('flex flex-1 flex-col', featured ? 'p-6' : 'p-5')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted-foreground">
          <Badge variant="purple">{post.category}</Badge>
          <time dateTime={post.date}>{romeLongDate(post.date)}</time>
          <span className="flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" />
            {post.readTime} min di lettura
          </span>
        </div>
        <h3 id={titleId} className={cn('mt-3 font-semibold tracking-tight text-balance', featured ? 'text-xl sm:text-2xl' : 'text-base')}>
          {post.title}
        </h3>
        <p className={cn('mt-2 flex-1 text-muted-foreground', featured ? 'text-base' : 'text-sm')}>{post.excerpt}</p>
        {/* The articles are not published yet: an inert control, never a dead link. */}
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={titleId}
          className="mt-4 inline-flex cursor-not-allowed items-center gap-1.5 self-start rounded-sm text-sm font-medium text-zinc-500"
        >
          Leggi di più
          <ArrowRight aria-hidden className="size-4" />
          <span className="ml-1 rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-zinc-600">in arrivo</span>
        </button>
      </div>
    </article>
  );
}
