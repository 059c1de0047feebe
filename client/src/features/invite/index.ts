// What other features may use of invitations; the /invite page is loaded lazily by the shell's route table.
export { useRecordReferral } from './useRecordReferral';
