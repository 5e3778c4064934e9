/** The initial help document "chat" in en-US, zh-CN and zh-TW. */
import type { InitialDocument } from './document';

export const chat: InitialDocument = {
  slug: 'chat',
  sort: 20,
  texts: {
    'en-US': {
      title: 'AI chat',
      body: `# AI chat

Open **Assistant → Chat**. The left column lists your conversations (new, rename, pin, delete, and a
search over titles and message text, Chinese included).

## Models

The model picker lists the models your roles may use; an admin adds them on the AI models page. Each
conversation can also have its own system prompt.

## Asking and streaming

Type your question and press Enter (Shift+Enter for a new line). The answer appears while the model
writes it. Answers show as Markdown: tables, code with a copy button, and math.

## Stop, regenerate and branches

- **Stop** ends the answer at once; you pay only for what was already written.
- **Regenerate** asks again; earlier answers are kept, and arrows like "2 / 3" switch between them.
- **Edit and resend** a question to start a new branch; the old branch stays.

## Export

Export a conversation as **Markdown** (the branch you see) or **JSON** (everything, every branch).

## What an answer costs

Under each answer you see the model, the input and output tokens, the **credits** charged, the time to
the first word and the total time. See *Credits* for how the price is worked out.`,
    },
    'zh-CN': {
      title: 'AI 对话',
      body: `# AI 对话

打开**助手 → AI 对话**。左栏列出你的会话（新建、重命名、置顶、删除，以及按标题和消息内容搜索，支持中文）。

## 模型

模型选择器列出你的角色可以使用的模型；模型由管理员在 AI 模型页面添加。每个会话还可以设置自己的系统提示词。

## 提问与流式输出

输入问题后按 Enter 发送（Shift+Enter 换行）。模型一边生成，答案一边显示。答案按 Markdown 显示：表格、带复制按钮的代码和数学公式。

## 停止、重新生成和分支

- **停止**会立即结束回答；只为已经生成的内容付费。
- **重新生成**会再回答一次；之前的回答会保留，用"2 / 3"这样的箭头切换。
- **编辑**问题后重新发送会开启一个新分支；旧分支仍然保留。

## 导出

会话可以导出为 **Markdown**（当前显示的分支）或 **JSON**（全部内容和所有分支）。

## 每次回答的费用

每条回答下方显示模型、输入和输出 token 数、扣除的**积分**、首字时间和总用时。价格如何计算见"积分"。`,
    },
    'zh-TW': {
      title: 'AI 對話',
      body: `# AI 對話

開啟**助手 → AI 對話**。左欄列出你的對話（新增、重新命名、置頂、刪除，以及依標題和訊息內容搜尋，支援中文）。

## 模型

模型選擇器列出你的角色可以使用的模型；模型由管理員在 AI 模型頁面新增。每個對話還可以設定自己的系統提示詞。

## 提問與串流輸出

輸入問題後按 Enter 送出（Shift+Enter 換行）。模型一邊生成，答案一邊顯示。答案以 Markdown 顯示：表格、附複製按鈕的程式碼和數學公式。

## 停止、重新生成和分支

- **停止**會立即結束回答；只為已經生成的內容付費。
- **重新生成**會再回答一次；之前的回答會保留，用「2 / 3」這樣的箭頭切換。
- **編輯**問題後重新送出會開啟一個新分支；舊分支仍然保留。

## 匯出

對話可以匯出為 **Markdown**（目前顯示的分支）或 **JSON**（全部內容和所有分支）。

## 每次回答的費用

每則回答下方顯示模型、輸入和輸出 token 數、扣除的**積分**、首字時間和總用時。價格如何計算見「積分」。`,
    },
  },
};
