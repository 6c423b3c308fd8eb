/**
 * The password rules as a live checklist, shown before submitting (contract/password-rules.ts).
 * Candidate for src/ui: settings/change-password has the same component.
 */
import { passwordChecklist, type PasswordContext } from '../../../contract/password-rules';
import { say, useLanguage } from '../../i18n';
import { recoveryTexts } from './recovery-texts';

export function PasswordChecklist({ id, password, context }: { id: string; password: string; context: PasswordContext }) {
  useLanguage();
  return (
    <div className="pw-rules" id={id}>
      <p className="pw-rules-title">{recoveryTexts.rulesTitle}</p>
      <ul>
        {passwordChecklist(password, context).map((rule) => (
          <li key={rule.id} className={rule.met ? 'is-met' : undefined} data-rule={rule.id} data-met={rule.met}>
            <span aria-hidden="true">{rule.met ? '✓' : '•'}</span> {say(rule.label)}
            <span className="visually-hidden"> ({rule.met ? recoveryTexts.ruleMet : recoveryTexts.ruleNotMet})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
