import { featuredPosts, latestPosts } from '../blog-posts';
import { PostCard } from '../components/blog/post-card';

export default function BlogPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
      <title>Blog · Vetrina</title>
      <header className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-violet-700">Il blog di Vetrina</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">Guide, strategie e case study</h1>
        <p className="mt-4 text-muted-foreground text-pretty">Consigli pratici per vendere online, raccontati da chi gestisce un negozio ogni giorno.</p>
      </header>

      <section aria-labelledby="featured-title" className="mt-14">
        <h2 id="featured-title" className="text-xl font-semibold tracking-tight">
          In Evidenza
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          {featuredPosts.map((post) => (
            <PostCard key={post.slug} post={post} featured />
          ))}
        </div>
      </section>

      <section aria-labelledby="latest-title" className="mt-16">
        <h2 id="latest-title" className="text-xl font-semibold tracking-tight">
          Ultimi Articoli
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {latestPosts.map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </div>
      </section>
    </main>
  );
}
