/** Messages at the top of a screen: errors in plain words, confirmations that fade from relevance. */
export function ErrorNotice(props: { message: string | null | undefined; action?: { label: string; run: () => void } }) {
  if (!props.message) return null;
  return (
    <div className="notice notice-error" role="alert">
      <span>{props.message}</span>
      {props.action && (
        <button type="button" onClick={props.action.run}>
          {props.action.label}
        </button>
      )}
    </div>
  );
}

export function InfoNotice(props: { message: string | null | undefined }) {
  if (!props.message) return null;
  return (
    <div className="notice notice-info" role="status">
      {props.message}
    </div>
  );
}
