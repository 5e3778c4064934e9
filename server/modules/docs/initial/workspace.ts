/** The initial help document "workspace" in en-US, zh-CN and zh-TW. */
import type { InitialDocument } from './document';

export const workspace: InitialDocument = {
  slug: 'workspace',
  sort: 50,
  texts: {
    'en-US': {
      title: 'Tasks, search and audio',
      body: `# Tasks, search and audio

## Tasks

**Assistant → Todo list** keeps your tasks: a title, notes, a due date, a priority and subtasks. Press Enter to add
one; tick it when done. The tabs show today's (due today or overdue), upcoming and done tasks. Drag a task by its
handle to reorder it, or focus the handle and use Space and the arrow keys.

**Break it down** asks a model for subtasks. The proposal streams in; keep, edit or drop its lines, then add them.
Nothing is saved before you accept, and the breakdown is billed like a chat answer. The **breakdown playground**
compares the proposals of two models side by side, with their tokens and credits.

Tasks due today or overdue also show on the console home.

## Search

The search page finds your words in the help documents, the prompt store, your own prompt templates and your
conversations (Chinese included). The tabs filter by kind. **Ask AI** has a model answer from the top results,
citing them as [1], [2]... links; it is billed like a chat answer. Nothing found: nothing is asked, nothing billed.

## Audio

**Audio** records from your microphone or takes an audio file, shows its waveform and transcribes all of it or a
selected region with a speech-to-text model. Transcripts are kept with the recording and can be sent to the chat.
A speech-to-text model's price is in credits per minute of audio. **Audio device check** tests the microphone
permission, the input level and a 5-second recording.`,
    },
    'zh-CN': {
      title: '任务、搜索和音频',
      body: `# 任务、搜索和音频

## 任务

**助手 → 待办任务**保存你的任务：标题、备注、截止日期、优先级和子任务。按回车添加，完成后勾选。标签页分别显示今天（今天到期或已逾期）、即将到期和已完成的任务。拖动任务的手柄可以调整顺序，也可以聚焦手柄后用空格键和方向键。

**拆解任务**会请模型提出子任务。建议会以流式显示；你可以保留、修改或删除其中的行，然后添加。接受之前不会保存任何内容，拆解和对话回答一样计费。**任务拆解试验场**可以并排比较两个模型的建议及其令牌数和积分。

今天到期或已逾期的任务也会显示在控制台首页。

## 搜索

搜索页面会在帮助文档、提示词商店、你自己的提示词模板和你的对话中查找（支持中文）。标签页按类别筛选。**问 AI** 会让模型根据排名靠前的结果作答，并以 [1]、[2]... 链接标注来源；和对话回答一样计费。没有找到结果时不会提问，也不计费。

## 音频

**音频**页面可以用麦克风录音或上传音频文件，显示波形，并用语音转文字模型转写全部或选中的片段。转写结果随录音保存，可以发送到对话。语音转文字模型按每分钟音频的积分计价。**音频设备检测**可以检查麦克风权限、输入音量和一段 5 秒录音。`,
    },
    'zh-TW': {
      title: '任務、搜尋和音訊',
      body: `# 任務、搜尋和音訊

## 任務

**助手 → 待辦任務**儲存你的任務：標題、備註、截止日期、優先級和子任務。按 Enter 新增，完成後勾選。分頁分別顯示今天（今天到期或已逾期）、即將到期和已完成的任務。拖曳任務的把手可以調整順序，也可以聚焦把手後用空白鍵和方向鍵。

**拆解任務**會請模型提出子任務。建議會以串流顯示；你可以保留、修改或刪除其中的行，然後新增。接受之前不會儲存任何內容，拆解和對話回答一樣計費。**任務拆解試驗場**可以並排比較兩個模型的建議及其權杖數和積分。

今天到期或已逾期的任務也會顯示在控制台首頁。

## 搜尋

搜尋頁面會在說明文件、提示詞商店、你自己的提示詞範本和你的對話中查找（支援中文）。分頁按類別篩選。**問 AI** 會讓模型根據排名靠前的結果作答，並以 [1]、[2]... 連結標註來源；和對話回答一樣計費。沒有找到結果時不會提問，也不計費。

## 音訊

**音訊**頁面可以用麥克風錄音或上傳音訊檔案，顯示波形，並用語音轉文字模型轉寫全部或選取的片段。轉寫結果隨錄音儲存，可以傳送到對話。語音轉文字模型按每分鐘音訊的積分計價。**音訊裝置檢測**可以檢查麥克風權限、輸入音量和一段 5 秒錄音。`,
    },
  },
};
