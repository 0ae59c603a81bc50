import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import lora from '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url';
import jost from '@fontsource-variable/jost/files/jost-latin-wght-normal.woff2?url';
import archivo from '@fontsource-variable/archivo/files/archivo-latin-wght-normal.woff2?url';
import type { ThemeKey } from './themes';

/**
 * The file of each theme's font (Latin subset, every weight in one variable file), as the public
 * build emits it: the page's head preloads it so that the text swaps to it early or not at all.
 * The faces themselves are declared in public.css. Server only: the browser reads the <link>.
 */
export const THEME_FONT_FILES: Record<ThemeKey, string> = { moderno: inter, classico: lora, minimal: jost, audace: archivo };
