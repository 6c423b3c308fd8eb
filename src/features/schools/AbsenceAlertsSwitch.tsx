/** The admin's switch for absence alerts. */
import { SchoolSwitch, type SchoolSwitchProps } from './SchoolSwitch';
import { schoolsTexts as text } from './texts';
import { useLanguage } from '../../i18n';

export function AbsenceAlertsSwitch(props: SchoolSwitchProps) {
  useLanguage();
  return <SchoolSwitch setting="absenceAlerts" heading={text.alertsHeading} label={text.alertsLabel} hint={text.alertsHint} {...props} />;
}
