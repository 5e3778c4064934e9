/** A breakdown as bars: each key with its count and its share of the whole, in the theme's colours. */
import { Flex, Progress, Typography, theme } from 'antd';

export default function Breakdown({ items, label, unnamed }: { items: Array<{ key: string; count: number }>; label: string; unnamed: string }) {
  const { token } = theme.useToken();
  const total = items.reduce((s, x) => s + x.count, 0);
  return (
    <Flex component="ul" vertical gap={6} aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((it) => (
        <li key={it.key}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text ellipsis={{ tooltip: it.key }} style={{ maxWidth: '75%' }} type={it.key ? undefined : 'secondary'}>
              {it.key || unnamed}
            </Typography.Text>
            <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{it.count.toLocaleString()}</Typography.Text>
          </Flex>
          <Progress percent={total ? Math.round((it.count / total) * 1000) / 10 : 0} size="small" strokeColor={token.colorPrimary} showInfo={false} />
        </li>
      ))}
    </Flex>
  );
}
