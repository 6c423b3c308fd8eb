export function shiftDate(target: { Date: DateConstructor }, start: number, origin: number): void;
export function schoolClockSetting(day: string, time?: string): string;
