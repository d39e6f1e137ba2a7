import { createContext } from 'react';
import type { ThemeInput } from './system';

/** The theme of a page without the root loader's data (an error before it ran). */
export const DEFAULT_THEME: ThemeInput = { primary: '#006993', secondary: '#62cbc9' };

/**
 * The brand's theme, given by the root layout to what builds the Chakra system in the browser
 * (ChakraScope, loaded with the first dialog or drawer): the page itself needs none.
 */
export const BrandThemeContext = createContext<ThemeInput>(DEFAULT_THEME);
