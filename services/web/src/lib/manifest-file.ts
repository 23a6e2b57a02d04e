/** The web app manifest's file for a language: the English one is the default that index.html links (manifest.config.ts). */
export function manifestFile(language: 'en' | 'es'): string {
  return language === 'en' ? 'manifest.webmanifest' : `manifest.${language}.webmanifest`;
}
