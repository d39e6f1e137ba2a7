import { createContext, useContext } from 'react';

/** Emotion cache key for component styles (class names `ck-…`). */
export const EMOTION_KEY = 'ck';
/** The server injects the page's critical style tags right after this element. */
export const INSERTION_META = '<meta name="emotion-insertion-point" content=""/>';

export interface SsrStyle {
  ids: string;
  css: string;
}

/**
 * On the client: the style tags the server sent, read from the DOM before hydration, so the
 * <head> React hydrates matches the one it finds (React 18 otherwise discards the server HTML).
 */
export const SsrStylesContext = createContext<SsrStyle[]>([]);

export function EmotionStyles({ nonce }: { nonce?: string }) {
  const styles = useContext(SsrStylesContext);
  return (
    <>
      <meta name="emotion-insertion-point" content="" />
      {styles.map((s) => (
        <style
          key={s.ids}
          data-emotion={`${EMOTION_KEY} ${s.ids}`}
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: s.css }}
        />
      ))}
    </>
  );
}

/** The request's CSP nonce: from the server context, or the page's own scripts on the client. */
export const NonceContext = createContext<string | undefined>(undefined);
export function useNonce() {
  return useContext(NonceContext);
}
