/** The admin's switch for ranks on report cards; the cards read it from the device's copy of the school. */
import { SchoolSwitch, type SchoolSwitchProps } from './SchoolSwitch';
import { schoolsTexts as text } from './texts';
import { useLanguage } from '../../i18n';

export function ShowRanksSwitch(props: SchoolSwitchProps) {
  useLanguage();
  return <SchoolSwitch setting="showRanks" heading={text.ranksHeading} label={text.ranksLabel} hint={text.ranksHint} {...props} />;
}
