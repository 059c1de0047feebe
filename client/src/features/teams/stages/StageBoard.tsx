import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState, type DragEvent, type FormEvent } from 'react';
import { MessageButton } from '@features/messages';
import { TeamBoardDocument, TeamCreatorCandidatesDocument, type BoardCreatorFragment } from '@gql/graphql';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { useToast } from '@ui/toastContext';
import { loadAddTeamCreator, loadCreateTeamStage, loadDeleteTeamStage, loadMoveTeamCreator, loadRemoveTeamCreator, loadRenameTeamStage } from '../loadMutationDocument';
import { teamRefusal } from '../teamErrors';
import { useTeamTools } from '../teamTools';

type Stage = { id: string; name: string };
/** A move asked for with a card's stage select, until the board shows the card in its new column. */
type SelectMove = { creatorId: string; stageId: string };

/** A creator's comments dialog: its code (and the modal's) loads on first open, not with /teams/{id}. */
const CreatorComments = lazyWhenOpen(() => import('./CreatorComments'));

/** Stable (useMutationLoadedOnUse's options must be): the board shows the change. */
const REFETCH_BOARD = { refetchQueries: ['TeamBoard'] } as const;

const DRAG_TYPE = 'application/x-byline-team-creator';
/** Creators shown per column (a variable, so the static cost check prices the selection once). */
const CREATORS_PER_STAGE = 50;

/** The id of a creator's stage select, to find it again once its card has moved column. */
function stageSelectId(creatorId: string): string {
  return `stage-of-${creatorId}`;
}

function compact(value: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

function useBoardAction() {
  const tools = useTeamTools();
  const toast = useToast();
  return (failure: unknown) => {
    const refusal = teamRefusal(failure);
    if (refusal.needsTeamsSubscription) tools.showUpgrade();
    else toast.error(refusal.message);
  };
}

interface CreatorCardProps {
  creator: BoardCreatorFragment;
  stages: readonly Stage[];
  /** The stage its select shows: its column's, or the one just chosen while the move is on its way. */
  stageId: string;
  onMove: (creatorId: string, stageId: string) => void;
  /** The card has just arrived here by its select: focus returns to that select. */
  focusSelectOnArrival: boolean;
}

function CreatorCard({ creator, stages, stageId, onMove, focusSelectOnArrival }: CreatorCardProps) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const onRefusal = useBoardAction();
  const [removeCreator] = useMutationLoadedOnUse(loadRemoveTeamCreator, REFETCH_BOARD);
  const name = creator.user.name ?? creator.user.username ?? 'Creator';
  const sourcing = creator.sourcing;
  // A card that changes column is a new element there, and the focus was on the old one's select:
  // without this, a keyboard user would be thrown back to the top of the page after each move.
  useEffect(() => {
    if (focusSelectOnArrival) document.getElementById(stageSelectId(creator.id))?.focus();
  }, [focusSelectOnArrival, creator.id]);
  const onDragStart = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData(DRAG_TYPE, creator.id);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <li className="board__card" draggable onDragStart={onDragStart} data-testid="board-creator">
      <strong className="board__name">{name}</strong>
      {/* The sourcing table's columns (docs/product.md §Teams): followers, location, role, projects, collaborators, comments. */}
      <dl className="board__facts">
        <div>
          <dt>Followers</dt>
          <dd>{compact(sourcing.followers)}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{sourcing.location ?? '–'}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{sourcing.topRole ? `${sourcing.topRole.emoji} ${sourcing.topRole.name}` : '–'}</dd>
        </div>
        <div>
          <dt>Projects</dt>
          <dd>{sourcing.projects}</dd>
        </div>
        <div>
          <dt>Collaborators</dt>
          <dd>{sourcing.collaborators}</dd>
        </div>
        <div>
          <dt>Comments</dt>
          <dd>{sourcing.commentCount}</dd>
        </div>
      </dl>
      <div className="board__card-actions">
        {/* The keyboard and phone alternative to dragging: choose the stage. */}
        <Select
          id={stageSelectId(creator.id)}
          label={`Stage of ${name}`}
          hideLabel
          className="board__select"
          value={stageId}
          options={stages.map((stage) => ({ value: stage.id, label: stage.name }))}
          onChange={(next) => onMove(creator.id, next)}
        />
        <button type="button" className="button button--outline button--small" onClick={() => setCommentsOpen(true)}>
          Comments
        </button>
        <MessageButton userId={creator.user.id} name={name} />
        <button
          type="button"
          className="button button--outline button--small"
          aria-label={`Take ${name} off the board`}
          onClick={() => void removeCreator({ variables: { input: { creatorId: creator.id } } }).catch(onRefusal)}
        >
          Remove
        </button>
      </div>
      <CreatorComments open={commentsOpen} creatorId={creator.id} name={name} onClose={() => setCommentsOpen(false)} />
    </li>
  );
}

function AddCreatorForm({ firstStageId }: { firstStageId: string }) {
  const tools = useTeamTools();
  const onRefusal = useBoardAction();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const { data } = useQuery(TeamCreatorCandidatesDocument, { variables: { query }, skip: query.length < 2 });
  const [addCreator] = useMutationLoadedOnUse(loadAddTeamCreator, REFETCH_BOARD);
  const add = async (userId: string) => {
    if (!tools.upgradeCheck()) return;
    try {
      await addCreator({ variables: { input: { stageId: firstStageId, userId } } });
      setText('');
    } catch (failure) {
      onRefusal(failure);
    }
  };
  const candidates = query.length >= 2 ? (data?.creditCandidates.nodes ?? []) : [];
  return (
    <div className="board__add">
      <TextField label="Add a creator" value={text} placeholder="Name or username" onChange={setText} />
      {candidates.length > 0 && (
        <ul className="teams__list" aria-label="Matching creators">
          {candidates.map((candidate) => (
            <li key={candidate.id} className="teams__row">
              <span>
                {candidate.name ?? candidate.username} {candidate.username && <span className="teams__muted">@{candidate.username}</span>}
              </span>
              <button type="button" className="button button--outline button--small" onClick={() => void add(candidate.id)}>
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewStageForm() {
  const tools = useTeamTools();
  const onRefusal = useBoardAction();
  const [name, setName] = useState('');
  const [createStage, { loading }] = useMutationLoadedOnUse(loadCreateTeamStage, REFETCH_BOARD);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tools.upgradeCheck()) return;
    try {
      await createStage({ variables: { input: { teamId: tools.teamId, name } } });
      setName('');
    } catch (failure) {
      onRefusal(failure);
    }
  };
  return (
    <form className="board__new-stage" onSubmit={submit}>
      <TextField label="New stage" value={name} required maxLength={60} onChange={setName} />
      <button type="submit" className="button button--outline" disabled={loading}>
        Add stage
      </button>
    </form>
  );
}

function StageHeading({ stage, count }: { stage: Stage; count: number }) {
  const tools = useTeamTools();
  const onRefusal = useBoardAction();
  const inputId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(stage.name);
  const [renameStage] = useMutationLoadedOnUse(loadRenameTeamStage);
  const [deleteStage] = useMutationLoadedOnUse(loadDeleteTeamStage, REFETCH_BOARD);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!tools.upgradeCheck()) return;
    try {
      await renameStage({ variables: { input: { stageId: stage.id, name } } });
      setRenaming(false);
    } catch (failure) {
      onRefusal(failure);
    }
  };

  if (renaming) {
    return (
      <form className="board__rename" onSubmit={rename}>
        <label htmlFor={inputId} className="visually-hidden">
          New name for {stage.name}
        </label>
        <input id={inputId} className="text-input" value={name} required maxLength={60} autoFocus onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="button button--primary button--small">
          Save
        </button>
        <button type="button" className="button button--outline button--small" onClick={() => setRenaming(false)}>
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="board__heading-row">
      <h3 className="board__heading">
        {stage.name} <span className="teams__muted">{count}</span>
      </h3>
      <span className="teams__row-actions">
        <button type="button" className="button button--outline button--small" aria-label={`Rename ${stage.name}`} onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          aria-label={`Delete ${stage.name}`}
          onClick={() => (tools.upgradeCheck() ? void deleteStage({ variables: { input: { stageId: stage.id } } }).catch(onRefusal) : undefined)}
        >
          Delete
        </button>
      </span>
    </div>
  );
}

/** Creator stages: a pipeline board with columns the team names; drag a creator, or choose its stage. */
export function StageBoard({ teamId }: { teamId: string }) {
  const tools = useTeamTools();
  const onRefusal = useBoardAction();
  const { data } = useQuery(TeamBoardDocument, { variables: { id: teamId, first: CREATORS_PER_STAGE }, fetchPolicy: 'cache-and-network' });
  const [moveCreator] = useMutationLoadedOnUse(loadMoveTeamCreator, REFETCH_BOARD);
  const [over, setOver] = useState<string | null>(null);
  const [selectMove, setSelectMove] = useState<SelectMove | null>(null);
  const stages = data?.team?.stages ?? [];
  const arrived = selectMove !== null && stages.some((stage) => stage.id === selectMove.stageId && stage.creators.nodes.some((creator) => creator.id === selectMove.creatorId));
  const onItsWay = arrived ? null : selectMove;

  const move = async (creatorId: string, stageId: string): Promise<boolean> => {
    if (!tools.upgradeCheck()) return false;
    try {
      await moveCreator({ variables: { input: { creatorId, stageId } } });
      return true;
    } catch (failure) {
      onRefusal(failure);
      return false;
    }
  };

  const moveBySelect = async (creatorId: string, stageId: string) => {
    setSelectMove({ creatorId, stageId });
    // Refused: the select goes back to the card's column, and the focus never left it.
    if (!(await move(creatorId, stageId))) setSelectMove(null);
  };

  const onDrop = (event: DragEvent<HTMLElement>, stageId: string) => {
    event.preventDefault();
    setOver(null);
    // A drag is no keyboard move: the card it lands takes no focus.
    setSelectMove(null);
    const creatorId = event.dataTransfer.getData(DRAG_TYPE);
    if (creatorId) void move(creatorId, stageId);
  };

  return (
    <section className="teams__section" aria-labelledby="team-stages">
      <h2 id="team-stages" className="teams__subheading">
        Creator stages
      </h2>
      {stages[0] && <AddCreatorForm firstStageId={stages[0].id} />}
      <div className="board" role="list" aria-label="Stages">
        {stages.map((stage) => (
          <section
            key={stage.id}
            role="listitem"
            aria-label={stage.name}
            className={`board__column${over === stage.id ? ' board__column--over' : ''}`}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
              event.preventDefault();
              setOver(stage.id);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(event) => onDrop(event, stage.id)}
            data-testid="board-column"
          >
            <StageHeading stage={stage} count={stage.creators.totalCount} />
            <ul className="board__cards">
              {stage.creators.nodes.map((creator) => (
                <CreatorCard
                  key={creator.id}
                  creator={creator}
                  stages={stages}
                  stageId={onItsWay?.creatorId === creator.id ? onItsWay.stageId : stage.id}
                  onMove={(creatorId, stageId) => void moveBySelect(creatorId, stageId)}
                  focusSelectOnArrival={selectMove?.creatorId === creator.id && selectMove.stageId === stage.id}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <NewStageForm />
    </section>
  );
}
