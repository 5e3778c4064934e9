/**
 * The icons a menu may name (menu rows store antd icon names such as 'SettingOutlined').
 * A fixed set keeps the whole icon library out of the bundle; an unknown name shows a
 * neutral icon. The menu admin page can offer MENU_ICON_NAMES as the choice.
 */
import {
  AppstoreAddOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CheckSquareOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HomeOutlined,
  KeyOutlined,
  LineChartOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  AppstoreAddOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CheckSquareOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HomeOutlined,
  KeyOutlined,
  LineChartOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
};

export const MENU_ICON_NAMES = Object.keys(ICONS);

export function MenuIcon({ name, folder }: { name?: string | null; folder?: boolean }) {
  const Icon = (name && ICONS[name]) || (folder ? FolderOutlined : FileOutlined);
  return <Icon />;
}
