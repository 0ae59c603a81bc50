/** The demo catalogue created by "Dati di esempio" (spec §9): 5 categories, 12 products, some with variants. */

export type Pictogram = 'headphones' | 'phone' | 'watch' | 'tshirt' | 'hoodie' | 'jeans' | 'moka' | 'pan' | 'lamp' | 'mat' | 'bottle' | 'book';

export interface SampleVariant {
  label: string;
  suffix: string;
  deltaCents: number;
  stock: number;
  attributes: Record<string, string>;
}

export interface SampleProduct {
  title: string;
  description: string;
  priceCents: number;
  category: string;
  status: 'active' | 'draft';
  stock: number;
  pictogram: Pictogram;
  /** Two gradient colours per image; the first image is the cover. */
  palettes: Array<[string, string]>;
  variants?: SampleVariant[];
}

export const SAMPLE_CATEGORIES = ['Elettronica', 'Abbigliamento', 'Casa e Cucina', 'Sport', 'Libri'] as const;

const sizes = (labels: string[], stock: number[]): SampleVariant[] =>
  labels.map((l, i) => ({ label: `Taglia ${l}`, suffix: l, deltaCents: 0, stock: stock[i] ?? 0, attributes: { Taglia: l } }));
const colours = (labels: string[], stock: number[]): SampleVariant[] =>
  labels.map((l, i) => ({ label: l, suffix: l.slice(0, 3).toUpperCase(), deltaCents: 0, stock: stock[i] ?? 0, attributes: { Colore: l } }));

export const SAMPLE_PRODUCTS: SampleProduct[] = [
  {
    title: 'Cuffie wireless Aurora',
    description: 'Cuffie over-ear con cancellazione attiva del rumore, 30 ore di autonomia e ricarica rapida USB-C. Leggere e pieghevoli, perfette in viaggio.',
    priceCents: 12990,
    category: 'Elettronica',
    status: 'active',
    stock: 0,
    pictogram: 'headphones',
    palettes: [
      ['#6D28D9', '#EC4899'],
      ['#1F2937', '#6D28D9'],
    ],
    variants: colours(['Nero', 'Bianco', 'Blu notte'], [14, 9, 0]),
  },
  {
    title: 'Smartphone Nova X',
    description: 'Display OLED da 6,5", fotocamera tripla da 50 MP e batteria da 5000 mAh. Scegli la memoria più adatta a te.',
    priceCents: 59900,
    category: 'Elettronica',
    status: 'active',
    stock: 0,
    pictogram: 'phone',
    palettes: [
      ['#0EA5E9', '#6366F1'],
      ['#0F172A', '#0EA5E9'],
    ],
    variants: [
      { label: '128 GB', suffix: '128', deltaCents: 0, stock: 12, attributes: { Memoria: '128 GB' } },
      { label: '256 GB', suffix: '256', deltaCents: 10000, stock: 7, attributes: { Memoria: '256 GB' } },
      { label: '512 GB', suffix: '512', deltaCents: 22000, stock: 3, attributes: { Memoria: '512 GB' } },
    ],
  },
  {
    title: 'Smartwatch Pulse',
    description: 'Monitoraggio del battito, del sonno e di oltre 100 sport. Impermeabile fino a 50 metri, una settimana di autonomia.',
    priceCents: 19900,
    category: 'Elettronica',
    status: 'active',
    stock: 0,
    pictogram: 'watch',
    palettes: [['#10B981', '#0EA5E9']],
  },
  {
    title: 'T-shirt in cotone biologico',
    description: 'Maglietta girocollo in cotone biologico certificato, morbida e traspirante. Vestibilità regolare, prodotta in Italia.',
    priceCents: 2490,
    category: 'Abbigliamento',
    status: 'active',
    stock: 0,
    pictogram: 'tshirt',
    palettes: [
      ['#F97316', '#FACC15'],
      ['#F97316', '#EF4444'],
    ],
    variants: sizes(['S', 'M', 'L', 'XL'], [20, 35, 28, 0]),
  },
  {
    title: 'Felpa con cappuccio Alpina',
    description: 'Felpa garzata con cappuccio regolabile e tasca a marsupio. Calda e resistente, ideale per le giornate fresche.',
    priceCents: 5990,
    category: 'Abbigliamento',
    status: 'active',
    stock: 0,
    pictogram: 'hoodie',
    palettes: [['#64748B', '#0F766E']],
    variants: sizes(['S', 'M', 'L'], [6, 11, 4]),
  },
  {
    title: 'Jeans slim fit',
    description: 'Denim elasticizzato dal taglio slim, lavaggio medio e cinque tasche. Comodi dal mattino alla sera.',
    priceCents: 7900,
    category: 'Abbigliamento',
    status: 'active',
    stock: 0,
    pictogram: 'jeans',
    palettes: [['#1D4ED8', '#60A5FA']],
    variants: sizes(['44', '46', '48', '50'], [5, 9, 8, 2]),
  },
  {
    title: 'Moka in alluminio 6 tazze',
    description: 'La caffettiera della tradizione italiana, in alluminio con manico ergonomico. Adatta a gas ed elettrico.',
    priceCents: 3450,
    category: 'Casa e Cucina',
    status: 'active',
    stock: 40,
    pictogram: 'moka',
    palettes: [
      ['#78350F', '#F59E0B'],
      ['#1F2937', '#9CA3AF'],
    ],
  },
  {
    title: 'Set di pentole antiaderenti (5 pezzi)',
    description: 'Padella, tegame, casseruola e due pentole con rivestimento antiaderente senza PFOA. Compatibili con induzione.',
    priceCents: 14900,
    category: 'Casa e Cucina',
    status: 'draft',
    stock: 8,
    pictogram: 'pan',
    palettes: [['#DC2626', '#F97316']],
  },
  {
    title: 'Lampada da tavolo Luce Calda',
    description: 'Lampada a LED dimmerabile con tre temperature di colore e base in legno. Accende subito l’atmosfera.',
    priceCents: 4500,
    category: 'Casa e Cucina',
    status: 'active',
    stock: 0,
    pictogram: 'lamp',
    palettes: [['#FBBF24', '#F97316']],
    variants: colours(['Bianco', 'Nero', 'Ottone'], [10, 6, 0]),
  },
  {
    title: 'Tappetino yoga antiscivolo',
    description: 'Tappetino da 6 mm in TPE ecologico, antiscivolo su entrambi i lati. Leggero, con cinghia per il trasporto.',
    priceCents: 2990,
    category: 'Sport',
    status: 'active',
    stock: 0,
    pictogram: 'mat',
    palettes: [['#8B5CF6', '#10B981']],
    variants: colours(['Viola', 'Verde', 'Nero'], [15, 12, 9]),
  },
  {
    title: 'Borraccia termica 750 ml',
    description: 'Acciaio inossidabile a doppia parete: bevande fredde per 24 ore e calde per 12. Senza BPA.',
    priceCents: 2200,
    category: 'Sport',
    status: 'active',
    stock: 60,
    pictogram: 'bottle',
    palettes: [['#06B6D4', '#3B82F6']],
  },
  {
    title: 'La cucina italiana in 100 ricette',
    description: 'Dagli antipasti ai dolci, cento ricette regionali spiegate passo dopo passo, con foto e consigli per la spesa.',
    priceCents: 2750,
    category: 'Libri',
    status: 'active',
    stock: 25,
    pictogram: 'book',
    palettes: [
      ['#B91C1C', '#FDE68A'],
      ['#065F46', '#FDE68A'],
    ],
  },
];
