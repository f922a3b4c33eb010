export function StatusBadge(props: { status: string }) {
  return <span className={`badge status-${props.status.toLowerCase().replace(/[^a-z]+/g, '-')}`}>{props.status}</span>;
}
