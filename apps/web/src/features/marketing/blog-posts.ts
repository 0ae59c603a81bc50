export interface BlogPost {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  /** Publication date, ISO 8601 (noon UTC, so the day does not shift in European or American time zones). */
  date: string;
  /** Estimated reading time in minutes. */
  readTime: number;
  /** Local illustration under public/blog/: nothing is fetched from the internet. */
  image: string;
  featured: boolean;
}

export const blogPosts: BlogPost[] = [
  {
    slug: 'lancio-in-un-weekend',
    title: 'Come aprire il tuo negozio online in un weekend',
    excerpt: 'Dal catalogo alle spedizioni, una tabella di marcia in dieci passi per andare online entro lunedì senza trascurare nulla di importante.',
    category: 'Guide',
    date: '2026-11-12T12:00:00Z',
    readTime: 8,
    image: '/blog/lancio-in-un-weekend.svg',
    featured: true,
  },
  {
    slug: 'case-study-ceramiche',
    title: 'Ceramiche Ferri: dal mercatino all’export in sei mesi',
    excerpt: 'Come una bottega umbra ha portato online 400 pezzi unici, ha triplicato gli ordini e oggi spedisce in mezza Europa con un team di tre persone.',
    category: 'Case study',
    date: '2026-11-03T12:00:00Z',
    readTime: 6,
    image: '/blog/case-study-ceramiche.svg',
    featured: true,
  },
  {
    slug: 'schede-prodotto',
    title: 'Schede prodotto che vendono: sette regole per foto e descrizioni',
    excerpt: 'Luce naturale, proporzioni costanti e testi che rispondono ai dubbi prima che arrivino in chat.',
    category: 'Strategie',
    date: '2026-10-27T12:00:00Z',
    readTime: 5,
    image: '/blog/schede-prodotto.svg',
    featured: false,
  },
  {
    slug: 'spedizioni-in-italia',
    title: 'Spedizioni in Italia: scegliere il corriere e impostare le tariffe',
    excerpt: 'Tariffa fissa o calcolata, soglia di spedizione gratuita e resi: i conti da fare prima di decidere.',
    category: 'Logistica',
    date: '2026-10-15T12:00:00Z',
    readTime: 7,
    image: '/blog/spedizioni-in-italia.svg',
    featured: false,
  },
  {
    slug: 'seo-per-ecommerce',
    title: 'SEO per e-commerce: le basi da sistemare prima della pubblicità',
    excerpt: 'Titoli, indirizzi delle pagine e categorie ben organizzate valgono più di qualsiasi campagna a pagamento.',
    category: 'Marketing',
    date: '2026-10-02T12:00:00Z',
    readTime: 6,
    image: '/blog/seo-per-ecommerce.svg',
    featured: false,
  },
  {
    slug: 'lavorare-in-team',
    title: 'Lavorare in team sul negozio: ruoli, permessi e buone abitudini',
    excerpt: 'Chi carica i prodotti, chi evade gli ordini, chi risponde ai clienti: dividere il lavoro senza pestarsi i piedi.',
    category: 'Team',
    date: '2026-09-18T12:00:00Z',
    readTime: 4,
    image: '/blog/lavorare-in-team.svg',
    featured: false,
  },
];

export const featuredPosts = blogPosts.filter((post) => post.featured);
export const latestPosts = blogPosts.filter((post) => !post.featured);
