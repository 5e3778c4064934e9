/** The initial help document "prompt-templates" in en-US, zh-CN and zh-TW. */
import type { InitialDocument } from './document';

export const promptTemplates: InitialDocument = {
  slug: 'prompt-templates',
  sort: 40,
  texts: {
    'en-US': {
      title: 'Prompt templates',
      body: `# Prompt templates

Open **Assistant → My prompt templates** to keep prompts you use often. A template has a title, a body,
a category, tags and a default model.

## Variables

Write variables in double braces; each one becomes a field of the form next to the template:

| you write | the form shows |
|---|---|
| \`{{name}}\` | a text field |
| \`{{tone:select:formal\\|casual}}\` | a choice between *formal* and *casual* |
| \`{{length:number}}\` | a number field |
| \`{{text:textarea}}\` | a large text box |

The same name used twice is one field. Names are letters, digits and underscores (Chinese works too).

## Use in chat

Fill the form and press **Use in chat**: a chat opens with the finished prompt in its input.

## Versions

Every save is kept as a version. **Version history** lists them; view an old one and **restore** it (the restore
is saved as the newest version).

## Import and export

**Export** saves all your templates as a JSON file with their variables; **Import** adds the templates of
such a file (all of them, or none if one is invalid).

## Publishing to the prompt store

**Publish to store** (on a template) sends a copy for review; the template shows *In review*, then *In the store*
or *Rejected* with the reviewer's reason. Change it and publish again to send it back for review. In the
**Prompt store** (Assistant menu) everyone can search the published prompts, sort them by newest, most used or most
favourited, fill their variables, use them in chat, copy them to their own templates and favourite them.`,
    },
    'zh-CN': {
      title: '提示词模板',
      body: `# 提示词模板

打开**助手 → 我的提示词模板**，保存常用的提示词。模板包括标题、正文、分类、标签和默认模型。

## 变量

用双大括号书写变量；每个变量都会成为模板旁边表单中的一个字段：

| 写法 | 表单显示 |
|---|---|
| \`{{name}}\` | 文本框 |
| \`{{tone:select:formal\\|casual}}\` | 在 *formal* 和 *casual* 之间选择 |
| \`{{length:number}}\` | 数字框 |
| \`{{text:textarea}}\` | 多行文本框 |

同一个名字用两次只算一个字段。名字由字母、数字和下划线组成（也可以用中文）。

## 在对话中使用

填写表单后点击**在对话中使用**：会打开 AI 对话，输入框里就是填好的提示词。

## 版本

每次保存都会保留为一个版本。**版本**列出所有版本；可以查看旧版本并**恢复**（恢复会保存为最新版本）。

## 导入和导出

**导出**会把你所有的模板连同变量保存为 JSON 文件；**导入**会添加这种文件中的模板（全部导入；只要有一个无效就全部不导入）。

## 发布到提示词商店

在模板上点击**发布到商店**会提交一份副本等待审核；模板会显示*审核中*，之后显示*已上架*，或*已驳回*及审核人给出的原因。修改后再次发布即可重新提交审核。在**提示词商店**（助手菜单）中，所有人都可以搜索已发布的提示词，按最新、最常用或最多收藏排序，填写变量，在对话中使用，复制到自己的模板，或收藏。`,
    },
    'zh-TW': {
      title: '提示詞範本',
      body: `# 提示詞範本

開啟**助手 → 我的提示詞範本**，儲存常用的提示詞。範本包括標題、內文、分類、標籤和預設模型。

## 變數

用雙大括號書寫變數；每個變數都會成為範本旁邊表單中的一個欄位：

| 寫法 | 表單顯示 |
|---|---|
| \`{{name}}\` | 文字欄位 |
| \`{{tone:select:formal\\|casual}}\` | 在 *formal* 和 *casual* 之間選擇 |
| \`{{length:number}}\` | 數字欄位 |
| \`{{text:textarea}}\` | 多行文字方塊 |

同一個名稱用兩次只算一個欄位。名稱由字母、數字和底線組成（也可以用中文）。

## 在對話中使用

填寫表單後點擊**在對話中使用**：會開啟 AI 對話，輸入框裡就是填好的提示詞。

## 版本

每次儲存都會保留為一個版本。**版本**列出所有版本；可以查看舊版本並**還原**（還原會儲存為最新版本）。

## 匯入和匯出

**匯出**會把你所有的範本連同變數儲存為 JSON 檔案；**匯入**會新增這種檔案中的範本（全部匯入；只要有一個無效就全部不匯入）。

## 發布到提示詞商店

在範本上點擊**發布到商店**會提交一份副本等待審核；範本會顯示*審核中*，之後顯示*已上架*，或*已駁回*及審核人給出的原因。修改後再次發布即可重新提交審核。在**提示詞商店**（助手選單）中，所有人都可以搜尋已發布的提示詞，按最新、最常用或最多收藏排序，填寫變數，在對話中使用，複製到自己的範本，或收藏。`,
    },
  },
};
