// Types for bench/browser/peers.mjs (imported by the benchmark page's browser test).
export const PEERS_DIR: string;
export const BROWSER_PEERS: string[];
export interface PeersManifest {
  engines: { name: string; label: string; package: string; language: string }[];
  note: string | null;
}
export function buildPeers(options?: { outdir?: string; force?: boolean }): Promise<PeersManifest>;
