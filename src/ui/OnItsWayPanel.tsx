/** The plain panel of a route whose screen comes in a later issue. */
import { messages } from '../../contract/messages';
import { t } from '../i18n';

export function OnItsWayPanel() {
  return (
    <section className="panel panel-plain" aria-labelledby="on-its-way">
      <h2 id="on-its-way">{messages.ui.onItsWay}</h2>
      <p>{t.common.onItsWayHint}</p>
    </section>
  );
}
