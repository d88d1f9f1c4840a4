import type { Text } from '../i18n.ts';
import { m } from '../messages.ts';

/**
 * What went wrong in work the server does in the background, as its logs keep it: the crawler's
 * run history (docs/crawler.md), the Romuten sync log (docs/romuten.md) and the outbound guard's
 * refusals inside both (docs/outbound.md). Each problem is stored as one of these keys with its
 * values (a `Problem`, shared/texts/index.ts) and drawn in the reader's language; a value may be
 * another problem (the reason inside "… refused, {why}"). What a remote site or service said, and
 * an error of the system (a network error's code), stay as they came, as values.
 */
export const LOGS = {
  // Either log
  'log.internal': m('内部エラー: {error}', 'internal error: {error}'),
  'log.refused': m('{target}: 接続しませんでした（{why}）', '{target}: refused, {why}'),

  // Why the outbound guard made no request (server/net/outbound.ts); {range} is the address range's technical name
  'log.outbound.notUrl': m('URLではありません', 'not a URL'),
  'log.outbound.scheme': m('{scheme} はhttp・httpsではありません', '{scheme} is not http or https'),
  'log.outbound.credentials': m('URLに認証情報が含まれています', 'credentials in the URL'),
  'log.outbound.noHost': m('URLにホスト名がありません', 'the URL has no host'),
  'log.outbound.address': m('{host} は社内ネットワークのアドレス（{range}）です', '{host} is a {range} address'),
  'log.outbound.internalName': m('{host} は社内ネットワークの中だけの名前です', '{host} is an internal name'),
  'log.outbound.noDomain': m('{host} はドメインのない名前です', '{host} is a name without a domain'),
  'log.outbound.resolves': m('{host} の接続先 {address} は社内ネットワークのアドレス（{range}）です', '{host} resolves to {address}, a {range} address'),
  'log.outbound.redirected': m('{origin} が {location} へ転送しようとしました', '{origin} redirected to {location}'),
  'log.outbound.redirects': m('{url} から{max}回を超えて転送されました', 'more than {max} redirects from {url}'),

  // A crawler run (server/modules/crawler): fetching, reading and importing a source's page
  'log.crawler.robots': m('robots.txt が {url} の取得を許可していません', 'robots.txt does not allow {url}'),
  'log.crawler.http': m('{url} がHTTP {status}を返しました', '{url} answered HTTP {status}'),
  'log.crawler.notUrl': m('URLではありません: {url}', 'not a URL: {url}'),
  'log.crawler.notHttp': m('http・https以外のURLは取得しません: {url}', 'only http and https are fetched: {url}'),
  'log.crawler.tooLarge': m('{url}: {bytes}バイトあり、上限の{max}バイトを超えています', '{url}: {bytes} bytes, more than {max}'),
  'log.crawler.tooLargeStream': m('{url}: 上限の{max}バイトを超えています', '{url}: more than {max} bytes'),
  'log.crawler.timeout': m('{url}: {ms}ミリ秒以内に応答がありませんでした', '{url}: no answer within {ms} ms'),
  'log.crawler.network': m('{url}: 接続できませんでした（{error}）', '{url}: no connection ({error})'),
  'log.crawler.notRead': m('{url} を読み取りませんでした: {why}', '{url}: not read, {why}'),
  'log.crawler.pageTooBig': m('{bytes}バイトあり、上限の{max}バイトを超えています', '{bytes} bytes is more than {max}'),
  'log.crawler.readerNotStarted': m('読み取り処理が{ms}ミリ秒以内に始まりませんでした', 'its reader did not start within {ms} ms'),
  'log.crawler.readTooLong': m('読み取りに{ms}ミリ秒より長くかかりました', 'reading it took longer than {ms} ms'),
  'log.crawler.readTooMuchMemory': m('読み取りに{mb}MBより多くのメモリが必要でした', 'reading it needed more than {mb} MB'),
  'log.crawler.readerFailed': m('読み取り処理が失敗しました（{error}）', 'its reader failed: {error}'),
  'log.crawler.readerStopped': m('読み取り処理が止まりました（終了コード {code}）', 'its reader stopped (exit code {code})'),
  'log.crawler.tooDeep': m('要素の入れ子が{depth}段より深くなっています', 'elements nested deeper than {depth} levels'),
  'log.crawler.noTitle': m('{n}件目: タイトルがありません', 'item {n}: no title'),
  'log.crawler.selector': m('「{field}」のCSSセレクタ「{selector}」が正しくありません', 'the selector "{selector}" of "{field}" is not a valid CSS selector'),
  'log.crawler.notJson': m('フィードが正しいJSONではありません', 'the feed is not valid JSON'),
  'log.crawler.noList': m('「{path}」に求人の一覧がありません', 'no list of jobs at "{path}"'),
  'log.crawler.noListTop': m('フィードの最上位に求人の一覧がありません', 'no list of jobs at the top level'),
  'log.crawler.notImported': m('{url}: 取り込めませんでした（{error}）', '{url}: not imported ({error})'),

  // A Romuten sync (server/modules/integrations): {call} is the request ("POST /v1/workers")
  'log.romuten.auth': m('{call}: HTTP {status}、APIキーまたはシークレットが受け付けられませんでした{remote}', '{call}: HTTP {status}, the API key or secret was refused{remote}'),
  'log.romuten.rejected': m('{call}: HTTP {status}、受け付けられませんでした{remote}', '{call}: HTTP {status}, not accepted{remote}'),
  'log.romuten.remote': m('（Romutenの回答:「{text}」）', ' (Romuten said: "{text}")'),
  'log.romuten.waitTooLong': m('{call}: HTTP {status}、{seconds}秒待つよう求められました', '{call}: HTTP {status}, asked to wait {seconds} s'),
  'log.romuten.gaveUp': m('{call}: {reason}（{tries}回試しました）', '{call}: {reason} (tried {tries} times)'),
  'log.romuten.status': m('HTTP {status}{remote}', 'HTTP {status}{remote}'),
  'log.romuten.timeout': m('{ms}ミリ秒以内に応答がありませんでした', 'no answer within {ms} ms'),
  'log.romuten.notJson': m('回答がJSONではありません', 'the answer is not JSON'),
  'log.romuten.network': m('通信エラー（{error}）', 'network: {error}'),
  'log.sync.worker': m('スタッフ「{label}」: {reason}', 'worker {label}: {reason}'),
  'log.sync.attendance': m('勤怠「{label}」: {reason}', 'attendance {label}: {reason}'),
  'log.sync.status': m('状態の取り込み: {reason}', 'status: {reason}'),
} as const satisfies Record<string, Text>;
