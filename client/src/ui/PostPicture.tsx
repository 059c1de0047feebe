import { NETWORK_LIST, type NetworkName } from '@domain/networks';
import { usePictureFailure } from './usePictureFailure';
import './post-picture.css';

/** A short mark for each network, for tiles too small for its name (the name is in the label). */
const NETWORK_MARKS: Readonly<Record<NetworkName, string>> = {
  twitter: 'X',
  instagram: 'IG',
  facebook: 'f',
  youtube: 'YT',
  tiktok: 'TT',
  behance: 'Bē',
  website: 'www',
  linkedin: 'in',
  twitch: 'Tw',
  threads: '@',
  snapchat: 'SC',
};

/** The post's network as the API gives it: its title, and its machine name where the query asks for it. */
export interface PictureNetwork {
  title: string;
  name?: string | null;
}

function networkMark(network: PictureNetwork): string {
  const known = NETWORK_LIST.find((candidate) => candidate.name === network.name) ?? NETWORK_LIST.find((candidate) => candidate.title.toLowerCase() === network.title.toLowerCase());
  return known ? NETWORK_MARKS[known.name] : (Array.from(network.title.trim())[0]?.toUpperCase() ?? '?');
}

interface PostPictureProps {
  /** Byline's copy of the picture; null when there is none (the API never gives the network's own address). */
  src: string | null | undefined;
  network: PictureNetwork;
  /** The caller's class, sizing the picture and the placeholder alike. */
  className: string;
  /** The picture's text alternative; empty (the default) where the link or row beside it names the post. */
  alt?: string;
  width?: number;
  height?: number;
  lazy?: boolean;
}

/**
 * A post's picture (thumbnail or cover), or, when it has none or it fails to load, a plain tile
 * naming the post's network (docs/product.md §Posts), so a page never shows a broken image. Every
 * place that shows a post's picture uses this.
 */
export function PostPicture({ src, network, className, alt = '', width, height, lazy = false }: PostPictureProps) {
  const { failed, pictureProps } = usePictureFailure(src);
  if (src && !failed) {
    return <img {...pictureProps} className={className} src={src} alt={alt} width={width} height={height} loading={lazy ? 'lazy' : undefined} />;
  }
  return (
    <span className={`${className} post-picture-none`} role="img" aria-label={`${network.title} post (picture not available)`} data-testid="post-picture-none">
      <span className="post-picture-none__mark" aria-hidden="true">
        {networkMark(network)}
      </span>
      <span className="post-picture-none__name" aria-hidden="true">
        {network.title}
      </span>
    </span>
  );
}
