// What other features may use of jobs; its pages are loaded lazily by the shell's route table.
export { TeamJobs } from './TeamJobs';
