/** The initial help document "getting-started" in en-US, zh-CN and zh-TW. */
import type { InitialDocument } from './document';

export const gettingStarted: InitialDocument = {
  slug: 'getting-started',
  sort: 10,
  texts: {
    'en-US': {
      title: 'Getting started',
      body: `# Getting started

This console is where you talk to AI models, keep your prompt templates and follow your credits.

## What is where

- **Console home**: your credit balance, today's AI spending and shortcuts.
- **Assistant** (left menu): the chat, my prompt templates and the prompt store.
- **Help document**: these pages. Use the search box above the tree to find a word in them.

## Languages and themes

The top bar switches the language (简体中文, 繁體中文, English) and the theme. Help documents follow the
language you pick; a page not yet translated shows in English.`,
    },
    'zh-CN': {
      title: '快速入门',
      body: `# 快速入门

在这个控制台里，你可以与 AI 模型对话、管理提示词模板，并查看自己的积分。

## 功能在哪里

- **控制台首页**：积分余额、今日 AI 消费和常用入口。
- **助手**（左侧菜单）：AI 对话、我的提示词模板和提示词商店。
- **帮助文档**：也就是这些页面。用目录上方的搜索框可以查找文档中的关键词。

## 语言与主题

顶部栏可以切换语言（简体中文、繁體中文、English）和主题。帮助文档跟随你选择的语言；尚未翻译的页面以英文显示。`,
    },
    'zh-TW': {
      title: '快速入門',
      body: `# 快速入門

在這個控制台裡，你可以與 AI 模型對話、管理提示詞範本，並查看自己的積分。

## 功能在哪裡

- **控制台首頁**：積分餘額、今日 AI 消費和常用入口。
- **助手**（左側選單）：AI 對話、我的提示詞範本和提示詞商店。
- **說明文件**：也就是這些頁面。用目錄上方的搜尋框可以查找文件中的關鍵字。

## 語言與主題

頂部欄可以切換語言（简体中文、繁體中文、English）和主題。說明文件跟隨你選擇的語言；尚未翻譯的頁面以英文顯示。`,
    },
  },
};
