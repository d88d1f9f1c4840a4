import type { JSX } from 'react';
import { Facts } from '../../ui/Facts.tsx';
import type { Lang } from '../../../shared/i18n.ts';
import { msg } from '../../../shared/messages.ts';
import { placeAndPay } from './Daily.tsx';

/** An ad as a board shows it, formatted by the server for the page's language (docs/ads.md). */
export type AdView = {
  id: string;
  kind: 'featured' | 'banner';
  title: string;
  body: string;
  /** /ads/click/<id>: counts the click and redirects to the ad's own target. */
  href: string;
  image: string | null;
  /** A featured job's place and pay. */
  location?: string;
  wage?: string;
};

/**
 * The ads of a page, drawn with the page on the server (so nothing appears or moves after it
 * loads), in the flow of the content (nothing floats over it), each marked 広告 / Sponsored.
 * Links carry rel="sponsored"; a banner's image sits in a fixed 3:1 box.
 */
export function AdSlot({ lang, ads }: { lang: Lang; ads: AdView[] }): JSX.Element | null {
  if (ads.length === 0) return null;
  const featured = ads.filter((a) => a.kind === 'featured');
  const banners = ads.filter((a) => a.kind === 'banner');
  return (
    <div className="ad-slot">
      {featured.length > 0 ? (
        <section className="ad-featured" aria-label={msg(lang, 'ads.featuredJobs')}>
          <ul className="ad-list">
            {featured.map((a) => (
              <li key={a.id}>
                <article className="ad-card" aria-labelledby={`ad-${a.id}`}>
                  <span className="ad-label">{msg(lang, 'ads.sponsored')}</span>
                  <h3 id={`ad-${a.id}`}>
                    <a className="ad-link" href={a.href} rel="sponsored nofollow">
                      {a.title}
                    </a>
                  </h3>
                  <Facts className="job-facts" rows={placeAndPay(lang, a)} />
                </article>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {banners.map((a) => (
        <aside key={a.id} className="ad-banner" aria-label={msg(lang, 'ads.banner')}>
          <a className="ad-banner-link" href={a.href} rel="sponsored nofollow">
            {a.image ? <img className="ad-banner-image" src={a.image} alt="" width={1200} height={400} loading="lazy" decoding="async" /> : null}
            <span className="ad-banner-text">
              <span className="ad-label">{msg(lang, 'ads.sponsored')}</span>
              <strong className="ad-banner-title">{a.title}</strong>
              {a.body ? <span className="ad-banner-body">{a.body}</span> : null}
            </span>
          </a>
        </aside>
      ))}
    </div>
  );
}
